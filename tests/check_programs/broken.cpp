// Does not compile: the judge must say "compile error" with g++'s message.
int main() { return undeclared_name; }
