// Fastify's inject (light-my-request) require()s cookie 2, which ships only as an ES module, and Jest
// cannot require() ES modules on Node 20. Tests map the package to this stand-in; inject uses it only
// to send the `cookies` option, which the tests do not use (the API reads no cookies). React Router
// (the server render's router) imports parse and serialize for its cookie helpers, which the site
// does not use.
const unavailable = () => {
  throw new Error('cookie is not available under Jest');
};
module.exports = {
  stringifySetCookie: unavailable,
  parse: unavailable,
  serialize: unavailable,
};
