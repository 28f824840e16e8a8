// Imported first by the server's entry points (server/main.ts, cli/*): an unset NODE_ENV means
// production, as server/config.ts reads it. React picks its development or production build from
// process.env.NODE_ENV when it is first loaded; left unset, `npm start` rendered every page with the
// development build (prop validation, owner stacks, jsxDEV): three to five times the server CPU per page
// (issue 30). ES modules evaluate their imports in order, so this module runs before React is loaded.
process.env.NODE_ENV ??= 'production';
