package main

import "tumble/body/planar/fosssim"

// newContactResponse2D builds the contact response of scenes with
// <rigidbodycollisionhandling>. It is nil until contact handling (2D part 2, package
// contact/planar) is built in: such scenes then stop with a clear error naming the element,
// instead of running without collisions.
var newContactResponse2D fosssim.NewResponse
