// Fastify's inject (light-my-request) require()s cookie 2, which ships only as an ES module, and Jest
// cannot require() ES modules on Node 20. Tests map the package to this stand-in; inject uses it only
// to send the `cookies` option, which the tests do not use (the API reads no cookies).
module.exports = {
  stringifySetCookie() {
    throw new Error('cookie is not available under Jest');
  },
};
