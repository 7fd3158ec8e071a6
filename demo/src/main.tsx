/**
 * Entry point (bundled by src/demo/bundle.ts). With the demo trader's token in the page
 * (embedded mode, loopback) the screen starts at once; otherwise it asks for a bearer token,
 * kept in memory only.
 */
import { Provider } from '@urql/preact';
import { render } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { App } from './app.tsx';
import { createLiveSocket, createScreenClient } from './client.ts';
import { readConfig, type ScreenConfig } from './config.ts';
import { Link, LinkContext } from './link.ts';
import './styles.css';

function TokenPrompt({ onToken }: { onToken(token: string): void }) {
  const [text, setText] = useState('');
  return (
    <form
      class="panel prompt"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onToken(text.trim().replace(/^Bearer\s+/i, ''));
      }}
    >
      <h2>Bearer token</h2>
      <p class="muted">
        The page holds the demo trader's token only when opened from this machine. Paste a token (
        <code>npm start</code> prints the demo trader's):
      </p>
      <input
        aria-label="Bearer token"
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <button type="submit">Open the screen</button>
    </form>
  );
}

function Root({ config }: { config: ScreenConfig }) {
  const [token, setToken] = useState(config.token);
  const services = useMemo(() => {
    if (!token) return undefined;
    const link = new Link();
    const socket = createLiveSocket(config.graphqlPath, token, link);
    return { link, client: createScreenClient(config.graphqlPath, token, socket) };
  }, [token, config.graphqlPath]);
  if (!services) return <TokenPrompt onToken={setToken} />;
  return (
    <LinkContext.Provider value={services.link}>
      <Provider value={services.client}>
        <App />
      </Provider>
    </LinkContext.Provider>
  );
}

const root = document.getElementById('root');
if (root) render(<Root config={readConfig(document)} />, root);
