/** `/sandbox/faults`: read, set and clear the fault injector's configuration. */
import type { ControlDeps, ControlRoute } from './control-types.ts';
import { faultJson, parseFaultConfig } from './fault-config.ts';

export function faultRoutes({ injector, log }: ControlDeps): ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/sandbox/faults',
      handle: () => ({ config: faultJson(injector.config), injected: injector.injected }),
    },
    {
      method: 'POST',
      path: '/sandbox/faults',
      body: true,
      handle: ({ body }) => {
        injector.set(parseFaultConfig(body));
        log('sandbox control: faults on');
        return { config: faultJson(injector.config), injected: 0 };
      },
    },
    {
      method: 'DELETE',
      path: '/sandbox/faults',
      handle: () => {
        const injected = injector.injected;
        injector.set(null);
        log('sandbox control: faults off');
        return { config: null, injected };
      },
    },
  ];
}
