module tumble

go 1.26

require (
	github.com/go-gl/mathgl v1.2.0
	gonum.org/v1/gonum v0.17.0
)
