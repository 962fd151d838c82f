// An ESLint rule for the e2e specs. The suite runs `fullyParallel`, so a file's tests spread over the
// workers, and `beforeAll` runs again in every worker that takes one of them: a spec that lists its
// cars there listed them up to three times a run (docs/benchmarks.md, sixteenth round). Its tests
// share that setup, so they belong in one worker: `test.describe.configure({ mode: 'default' })`
// (or 'serial'), in the file or in the describe block around the `beforeAll`.

const ONE_WORKER_MODES = new Set(['default', 'serial']);

/** `<anything>.describe.configure({ mode: 'default' | 'serial', … })` */
function keepsOneWorker(statement) {
  const call = statement.type === 'ExpressionStatement' ? statement.expression : undefined;
  if (call?.type !== 'CallExpression') return false;
  const { callee } = call;
  if (
    callee.type !== 'MemberExpression' ||
    callee.property.name !== 'configure' ||
    callee.object.type !== 'MemberExpression' ||
    callee.object.property.name !== 'describe'
  ) {
    return false;
  }
  const [options] = call.arguments;
  return (
    options?.type === 'ObjectExpression' &&
    options.properties.some(
      (property) =>
        property.type === 'Property' &&
        property.key.name === 'mode' &&
        property.value.type === 'Literal' &&
        ONE_WORKER_MODES.has(property.value.value),
    )
  );
}

/** The statement lists of the blocks around `node` (a describe's callback among them), innermost first, then the file's. */
function scopesAround(node) {
  const scopes = [];
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === 'BlockStatement' || current.type === 'Program') scopes.push(current.body);
  }
  return scopes;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'A spec whose tests share beforeAll’s setup runs them in one worker' },
    messages: {
      oneWorker:
        "This beforeAll runs again in every worker that takes one of these tests (fullyParallel): add test.describe.configure({ mode: 'default' }) beside it so they share one setup.",
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.name !== 'beforeAll') return;
        if (scopesAround(node).some((statements) => statements.some(keepsOneWorker))) return;
        context.report({ node, messageId: 'oneWorker' });
      },
    };
  },
};
