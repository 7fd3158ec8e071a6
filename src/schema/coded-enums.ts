/**
 * GraphQL rejects an unknown enum value itself, before any resolver, with an error that has
 * no `extensions.code`. This gives those errors BAD_USER_INPUT and `rule: 'enum'`, like
 * every other input error (the message and location stay GraphQL's).
 */
import { GraphQLEnumType, GraphQLError, type GraphQLSchema } from 'graphql';

function coded<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    throw new GraphQLError(error.message, {
      nodes: error.nodes,
      extensions: { ...error.extensions, code: 'BAD_USER_INPUT', rule: 'enum' },
    });
  }
}

export function withCodedEnumErrors(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLEnumType) || type.name.startsWith('__')) continue;
    const parseValue = type.parseValue.bind(type);
    const parseLiteral = type.parseLiteral.bind(type);
    type.parseValue = (value) => coded(() => parseValue(value));
    type.parseLiteral = (node, variables) => coded(() => parseLiteral(node, variables));
  }
  return schema;
}
