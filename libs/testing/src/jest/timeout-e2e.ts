// e2e tests start whole services and go through HTTP.
jest.setTimeout(120_000);
