// styled-components' browser build is CommonJS; Jest's ESM import of it gives module.exports as the
// default export, so `import styled from 'styled-components'` would get the namespace instead of
// `styled`. This entry re-exports it the way webpack resolves it.
import styledComponents from 'styled-components/dist/styled-components.browser.cjs.js';

export * from 'styled-components/dist/styled-components.browser.cjs.js';
export default styledComponents.default;
