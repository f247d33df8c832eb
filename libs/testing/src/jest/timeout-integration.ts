// Integration tests wait on real Postgres and Kafka (a consumer group's first join alone takes 3 s).
jest.setTimeout(60_000);
