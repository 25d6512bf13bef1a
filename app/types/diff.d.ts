/** The part of jsdiff 5 (the `diff` package, which ships no types) the terms comparison uses. */
declare module "diff" {
  export interface Change {
    value: string;
    added?: boolean;
    removed?: boolean;
    count?: number;
  }
  export interface ArrayChange<T> {
    value: T[];
    added?: boolean;
    removed?: boolean;
    count?: number;
  }
  export function diffWordsWithSpace(oldStr: string, newStr: string): Change[];
  export function diffArrays<T>(oldArr: T[], newArr: T[]): ArrayChange<T>[];
}
