/**
 * The LIKE pattern of a list search: lower case, with %, _ and \ taken literally, so that searching for
 * "100%" finds "100%" and not everything.
 */
export const searchPattern = (search: string): string => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
