#version 410 core
void main() {}
