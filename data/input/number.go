package input

// The numbers of Tumble's text formats (scene files, OBJ meshes) are read in plain decimal
// syntax only. Go's strconv also reads hexadecimal (0x1p3), digit separators (1_0 is 10) and
// inf or nan, which would turn a typo into a silently different value.

import (
	"errors"
	"strconv"
)

// ErrNumberSyntax is ParseNumber's error for text that is not a plain decimal number.
var ErrNumberSyntax = errors.New("not a plain decimal number")

// ErrNumberRange is ParseNumber's error for a number beyond float64's range (about ±1.8e308).
var ErrNumberRange = errors.New("beyond the range of float64 numbers")

// ParseNumber reads s as a plain decimal number: an optional sign, digits with at most one decimal
// point (at least one digit), and an optional exponent, e or E with an optional sign and
// digits: 1, -0.5, .5, 5., +2e-3. A number too small for float64 reads as 0.
func ParseNumber[T string | []byte](s T) (float64, error) {
	if !plain(s) {
		return 0, ErrNumberSyntax
	}
	x, err := strconv.ParseFloat(string(s), 64)
	if err != nil {
		return 0, ErrNumberRange // the syntax is checked: only the range can be wrong
	}
	return x, nil
}

// plain reports whether s has plain decimal syntax.
func plain[T string | []byte](s T) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}
