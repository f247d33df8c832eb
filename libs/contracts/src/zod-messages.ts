import { z } from 'zod';

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * Messages for what a schema does not word itself: a missing field "is required", a value of the wrong type
 * "must be text" (zod's own read "Invalid input: expected string, received undefined", shown as is by the web
 * client). A schema's own `error` still wins; set once for the process, by importing the contracts.
 */
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type') {
      return undefined;
    }
    return issue.input === undefined ? 'is required' : `must be ${KIND[issue.expected] ?? issue.expected}`;
  },
});
