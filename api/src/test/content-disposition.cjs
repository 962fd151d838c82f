// @fastify/static require()s content-disposition 3, which ships only as an ES module, and Jest
// cannot require() ES modules on Node 20. Tests map the package to this stand-in; the server uses
// it only for reply.download(), which CarMarket does not call.
module.exports = {
  create() {
    throw new Error('content-disposition is not available under Jest');
  },
};
