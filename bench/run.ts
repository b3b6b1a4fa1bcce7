export async function runBench(options: { quick: boolean }): Promise<void> {
  void options;
}
