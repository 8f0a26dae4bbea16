package main

// defaultCommand runs when tumble is called with no arguments.
const defaultCommand = "view"
