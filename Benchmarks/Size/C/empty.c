/* An empty C program: the baseline of protobuf_c.c in the size benchmark. */
int main(void) { return 0; }
