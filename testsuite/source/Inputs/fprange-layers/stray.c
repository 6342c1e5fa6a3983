int stray(int x) { return x; }
