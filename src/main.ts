// Placeholder until the GraphQL API issue lands: the server arrives with it.
process.stdout.write('svc-graphql: the gateway server arrives with the GraphQL API issue.\n');
