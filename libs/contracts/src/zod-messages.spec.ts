import { CreateAlertV1, CreateConnectionV1, CreateGroupV1, SetUserStatusBodyV1 } from './index';

const messages = (
  schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('messages for what a schema does not word itself', () => {
  it('should say a missing field is required and a wrong type what it must be', () => {
    expect(messages(CreateGroupV1, {})).toEqual(['name: is required']);
    expect(messages(CreateGroupV1, { name: 5 })).toEqual(['name: must be text']);
  });

  // zod's own word for a value that fits none of a union's forms is "Invalid input", which tells a caller nothing.
  it('should say what a field of several accepted forms must be', () => {
    expect(messages(CreateAlertV1, { name: 'a', symbolId: 'undefined' })).toEqual([
      'symbolId: must be a positive integer',
    ]);
    expect(messages(CreateAlertV1, { name: 'a', symbolId: 1.5 })).toEqual(['symbolId: must be a positive integer']);
    expect(messages(CreateAlertV1, { name: 'a', symbolId: -3 })).toEqual(['symbolId: must be positive']);
    expect(messages(CreateConnectionV1, { nickname: 'n', cid: true })).toEqual(['cid: must be a whole number']);
    expect(messages(CreateConnectionV1, { nickname: 'n', connectedAccounts: 5 })).toEqual([
      'connectedAccounts: must be a list of names or comma-separated text',
    ]);
  });

  it("should keep a schema's own words", () => {
    expect(messages(CreateConnectionV1, { nickname: '' })).toContain('nickname: Nickname is required');
    expect(messages(SetUserStatusBodyV1, {})).toEqual(['is_active: is_active is required']);
  });
});
