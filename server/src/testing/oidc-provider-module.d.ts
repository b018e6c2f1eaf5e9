// oidc-provider ships no types; the tests use only what testing/oidc-provider.ts calls.
declare module 'oidc-provider' {
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void;
    Grant: new (properties: { clientId: string; accountId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
  }
}
