/** Stylesheets imported for their effect: esbuild emits them into app.css (src/demo/bundle.ts). */
declare module '*.css';
