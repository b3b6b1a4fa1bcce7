/** One battle the contract suite runs through every check (cases/<system>.ts list them). */
export interface ContractCase {
  system: string;
  label: string;
  /** A raw battle entry, as in a scenario file. */
  entry: unknown;
}
