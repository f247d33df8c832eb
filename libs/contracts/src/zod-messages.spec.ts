import { CreateConnectionV1, CreateGroupV1, SetUserStatusBodyV1 } from './index';

const messages = (
  schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('messages for what a schema does not word itself', () => {
  it('should say a missing field is required and a wrong type what it must be', () => {
    expect(messages(CreateGroupV1, {})).toEqual(['name: is required']);
    expect(messages(CreateGroupV1, { name: 5 })).toEqual(['name: must be text']);
  });

  it("should keep a schema's own words", () => {
    expect(messages(CreateConnectionV1, { nickname: '' })).toContain('nickname: Nickname is required');
    expect(messages(SetUserStatusBodyV1, {})).toEqual(['is_active: is_active is required']);
  });
});
