// Package plural writes a count with its noun as English has it: 1 body, 2 bodies, 0 runs.
package plural

import "strconv"

// Count returns n and the noun, one when n is 1 and many otherwise: Count(1, "body",
// "bodies") is "1 body", Count(3, "body", "bodies") is "3 bodies".
func Count(n int, one, many string) string {
	noun := many
	if n == 1 {
		noun = one
	}
	return strconv.Itoa(n) + " " + noun
}
