package viewer

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
)

// program is a linked GLSL program with its uniform locations looked up once by name.
type program struct {
	id       uint32
	uniforms map[string]int32
}

// newProgram compiles and links a vertex and a fragment shader; name labels errors.
func newProgram(name, vertex, fragment string) (*program, error) {
	vs, err := compileShader(name+" vertex shader", vertex, gl.VERTEX_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(vs)
	fs, err := compileShader(name+" fragment shader", fragment, gl.FRAGMENT_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(fs)
	id := gl.CreateProgram()
	gl.AttachShader(id, vs)
	gl.AttachShader(id, fs)
	gl.LinkProgram(id)
	var ok int32
	gl.GetProgramiv(id, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		log := infoLog(id, gl.GetProgramiv, gl.GetProgramInfoLog)
		gl.DeleteProgram(id)
		return nil, fmt.Errorf("linking the %s program: %s", name, log)
	}
	return &program{id: id, uniforms: map[string]int32{}}, nil
}

func compileShader(name, source string, kind uint32) (uint32, error) {
	id := gl.CreateShader(kind)
	src, free := gl.Strs(source + "\x00")
	gl.ShaderSource(id, 1, src, nil)
	free()
	gl.CompileShader(id)
	var ok int32
	gl.GetShaderiv(id, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		log := infoLog(id, gl.GetShaderiv, gl.GetShaderInfoLog)
		gl.DeleteShader(id)
		return 0, fmt.Errorf("compiling the %s: %s", name, log)
	}
	return id, nil
}

func infoLog(id uint32, param func(uint32, uint32, *int32), read func(uint32, int32, *int32, *uint8)) string {
	var n int32
	param(id, gl.INFO_LOG_LENGTH, &n)
	buf := make([]uint8, n+1)
	read(id, n, nil, &buf[0])
	return strings.TrimRight(string(buf), "\x00\n")
}

func (p *program) use() { gl.UseProgram(p.id) }

func (p *program) loc(name string) int32 {
	l, ok := p.uniforms[name]
	if !ok {
		l = gl.GetUniformLocation(p.id, gl.Str(name+"\x00"))
		p.uniforms[name] = l
	}
	return l
}

func (p *program) mat4(name string, m mgl32.Mat4) { gl.UniformMatrix4fv(p.loc(name), 1, false, &m[0]) }
func (p *program) vec3(name string, v mgl32.Vec3) { gl.Uniform3f(p.loc(name), v[0], v[1], v[2]) }
func (p *program) int(name string, i int32)       { gl.Uniform1i(p.loc(name), i) }
func (p *program) float(name string, x float32)   { gl.Uniform1f(p.loc(name), x) }

// define returns GLSL source with "#define name" after its #version line.
func define(source, name string) string {
	version, rest, _ := strings.Cut(source, "\n")
	return version + "\n#define " + name + "\n" + rest
}
