// The names the web page (api/web/app.js, `// @ts-check`) gives the spec's schemas
// in its JSDoc, from the types openapi-typescript generates from openapi/openapi.json:
// a spec change the page does not follow fails `tsc -p tsconfig.web.json`.

type Schemas = import("./generated/schema.js").components["schemas"];
type Game = Schemas["Game"];
type FirewallGame = Schemas["FirewallGame"];
type WizwarGame = Schemas["WizwarGame"] | Schemas["WizwarClassicGame"];
// A classic view: the engine's, with the sector choice and a deal standing.
type WizwarClassicView = Schemas["WizwarClassicView"];
// A command of either edition: the classic edition has its own beside the engine's.
type WizwarAnyCommand = Schemas["WizwarCommand"] | Schemas["WizwarClassicCommand"];
type WizardsOfWarGame = Schemas["WizardsOfWarGame"];
type FeedEvent = Schemas["EventPage"]["events"][number];
