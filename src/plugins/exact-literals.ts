/**
 * A validation rule: a `Float` literal in the document (an argument, an input object field, a
 * list item, a variable's default) whose text a double does not hold is refused with
 * BAD_USER_INPUT naming the argument path and the rule `exactDecimal`. graphql-js's Float reads
 * `2000.000000000000000000000000001` as 2000 without a word; the literal's node still holds
 * the text as written. Int, BigInt and Timestamp literals are their scalars' business (they
 * refuse what they cannot hold exactly).
 */
import {
  GraphQLError,
  type GraphQLInputType,
  getNullableType,
  isInputObjectType,
  isListType,
  isScalarType,
  Kind,
  typeFromAST,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { roundTrips } from '../contract/decimal.ts';
import { inexactMessage } from './exact-decimal-error.ts';

type Report = (node: ValueNode, path: (string | number)[]) => void;

function walk(
  node: ValueNode,
  type: GraphQLInputType | undefined,
  path: (string | number)[],
  report: Report,
) {
  const nullable = type === undefined ? undefined : getNullableType(type);
  if (isListType(nullable)) {
    const item = nullable.ofType as GraphQLInputType;
    if (node.kind !== Kind.LIST) walk(node, item, path, report);
    else {
      node.values.forEach((v, i) => {
        walk(v, item, [...path, i], report);
      });
    }
  } else if (node.kind === Kind.OBJECT && isInputObjectType(nullable)) {
    const fields = nullable.getFields();
    for (const f of node.fields)
      walk(f.value, fields[f.name.value]?.type, [...path, f.name.value], report);
  } else if (
    (node.kind === Kind.FLOAT || node.kind === Kind.INT) &&
    isScalarType(nullable) &&
    nullable.name === 'Float' &&
    !roundTrips(node.value)
  ) {
    report(node, path);
  }
}

export const ExactFloatLiteralsRule: ValidationRule = (context: ValidationContext) => {
  const report: Report = (node, path) => {
    const text = (node as { value: string }).value;
    const field = path.join('.');
    const message = inexactMessage(text);
    context.reportError(
      new GraphQLError(`Invalid input: ${field}: ${message} (exactDecimal)`, {
        nodes: node,
        extensions: {
          code: 'BAD_USER_INPUT',
          field,
          rule: 'exactDecimal',
          issues: [{ field, path, rule: 'exactDecimal', message }],
        },
      }),
    );
  };
  return {
    Argument(node) {
      const arg = context.getArgument();
      if (arg) walk(node.value, arg.type, [node.name.value], report);
    },
    VariableDefinition(node) {
      if (!node.defaultValue) return;
      const type = typeFromAST(context.getSchema(), node.type) as GraphQLInputType | undefined;
      walk(node.defaultValue, type, [`$${node.variable.name.value}`], report);
    },
  };
};
