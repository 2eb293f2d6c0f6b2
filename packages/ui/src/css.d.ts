// Components import their own stylesheets; the apps' bundler (Vite) resolves them.
declare module '*.css';
