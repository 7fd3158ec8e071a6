/**
 * GraphiQL's tab icon: a few hundred bytes of SVG, served as a content-addressed asset
 * (graphiql-assets.ts), instead of the 113 KB icon GraphiQL's bundle carries.
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">\
<rect width="32" height="32" rx="7" fill="#e10098"/>\
<path d="M16 6l8.7 5v10L16 26l-8.7-5V11z" fill="none" stroke="#fff" stroke-width="2.4" \
stroke-linejoin="round"/><circle cx="16" cy="16" r="3.2" fill="#fff"/></svg>
`;
