int k(int x) { return x + 1; }
