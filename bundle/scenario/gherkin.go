package scenario

import (
	"fmt"
	"strings"
)

// Feature is one parsed .feature file: its tags, an optional Background
// whose steps run before every scenario, and the scenarios in file order.
type Feature struct {
	File       string
	Name       string
	Tags       []string
	Background []Step
	Scenarios  []Scenario
}

// Scenario is one `Scenario:` block. Tags holds the feature's tags followed
// by the scenario's own.
type Scenario struct {
	Name  string
	Line  int
	Tags  []string
	Steps []Step
}

// Step is one Given/When/Then/And/But line with its argument: a data table
// (rows of trimmed, unescaped cells, the header first) or a docstring.
type Step struct {
	Keyword string // as written: Given, When, Then, And, But, *
	Text    string // the rest of the line, trimmed
	Line    int
	Table   [][]string
	Doc     *string
}

// ParseError says where a .feature file breaks the grammar.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

var stepKeywords = []string{"Given", "When", "Then", "And", "But", "*"}

// Parse reads the Gherkin subset the OSRM scenarios use: tags, comments,
// Feature (with free description lines), Background, Scenario, steps, data
// tables (`|` cells with `\|`, `\n`, `\\` escapes) and docstrings (`"""` or
// ``` fences; the fence's indentation is removed from each line).
func Parse(file, src string) (*Feature, error) {
	p := &parser{file: file, lines: strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")}
	return p.parse()
}

type parser struct {
	file  string
	lines []string
	i     int
	f     *Feature
	tags  []string // pending tags for the next Feature/Scenario
	steps *[]Step  // where steps go now (nil before a block)
}

func (p *parser) errf(line int, format string, args ...any) error {
	return &ParseError{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) parse() (*Feature, error) {
	for p.i < len(p.lines) {
		raw := p.lines[p.i]
		line := strings.TrimSpace(raw)
		n := p.i + 1
		p.i++
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "@"):
			p.addTags(line)
		case hasHeader(line, "Feature"):
			if p.f != nil {
				return nil, p.errf(n, "second Feature in one file")
			}
			p.f = &Feature{File: p.file, Name: headerText(line), Tags: p.takeTags()}
		case hasHeader(line, "Background"):
			if p.f == nil {
				return nil, p.errf(n, "Background before Feature")
			}
			if len(p.f.Scenarios) > 0 || p.f.Background != nil {
				return nil, p.errf(n, "Background must come once, before the scenarios")
			}
			p.f.Background = []Step{}
			p.steps = &p.f.Background
			p.takeTags()
		case hasHeader(line, "Scenario") || hasHeader(line, "Scenario Outline") || hasHeader(line, "Example"):
			if p.f == nil {
				return nil, p.errf(n, "Scenario before Feature")
			}
			if hasHeader(line, "Scenario Outline") {
				return nil, p.errf(n, "Scenario Outline is not supported")
			}
			tags := append(append([]string(nil), p.f.Tags...), p.takeTags()...)
			p.f.Scenarios = append(p.f.Scenarios, Scenario{Name: headerText(line), Line: n, Tags: tags})
			p.steps = &p.f.Scenarios[len(p.f.Scenarios)-1].Steps
		case strings.HasPrefix(line, "|"):
			if err := p.tableRow(n, line); err != nil {
				return nil, err
			}
		case strings.HasPrefix(line, `"""`) || strings.HasPrefix(line, "```"):
			if err := p.docString(n, raw); err != nil {
				return nil, err
			}
		default:
			kw := stepKeyword(line)
			if p.f == nil {
				return nil, p.errf(n, "unexpected line %q before Feature", line)
			}
			if kw == "" || p.steps == nil {
				continue // free description text under a Feature or Scenario header
			}
			*p.steps = append(*p.steps, Step{Keyword: kw, Text: strings.TrimSpace(line[len(kw):]), Line: n})
		}
	}
	if p.f == nil {
		return nil, p.errf(len(p.lines), "no Feature")
	}
	return p.f, nil
}

func hasHeader(line, kw string) bool {
	return strings.HasPrefix(line, kw+":")
}

func headerText(line string) string {
	return strings.TrimSpace(line[strings.IndexByte(line, ':')+1:])
}

func stepKeyword(line string) string {
	for _, kw := range stepKeywords {
		if strings.HasPrefix(line, kw) && (len(line) == len(kw) || line[len(kw)] == ' ') {
			return kw
		}
	}
	return ""
}

// addTags takes `@a @b` (text after a tag that is not a tag ends the list).
func (p *parser) addTags(line string) {
	for _, f := range strings.Fields(line) {
		if strings.HasPrefix(f, "#") {
			break
		}
		if strings.HasPrefix(f, "@") && len(f) > 1 {
			p.tags = append(p.tags, f)
		}
	}
}

func (p *parser) takeTags() []string {
	t := p.tags
	p.tags = nil
	return t
}

func (p *parser) lastStep(n int) (*Step, error) {
	if p.steps == nil || len(*p.steps) == 0 {
		return nil, p.errf(n, "table or docstring without a step")
	}
	return &(*p.steps)[len(*p.steps)-1], nil
}

func (p *parser) tableRow(n int, line string) error {
	st, err := p.lastStep(n)
	if err != nil {
		return err
	}
	if st.Doc != nil {
		return p.errf(n, "step has both a docstring and a table")
	}
	cells, err := splitRow(line)
	if err != nil {
		return p.errf(n, "%v", err)
	}
	if len(st.Table) > 0 && len(cells) != len(st.Table[0]) {
		return p.errf(n, "table row has %d cells, header has %d", len(cells), len(st.Table[0]))
	}
	st.Table = append(st.Table, cells)
	return nil
}

// splitRow splits `| a | b\|c |` into ["a", "b|c"].
func splitRow(line string) ([]string, error) {
	if len(line) < 2 || !strings.HasSuffix(line, "|") || strings.HasSuffix(line, `\|`) && !strings.HasSuffix(line, `\\|`) {
		return nil, fmt.Errorf("table row must end with |")
	}
	var cells []string
	var cur strings.Builder
	rs := []rune(line[1:])
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == '\\' && i+1 < len(rs):
			i++
			switch rs[i] {
			case '|':
				cur.WriteRune('|')
			case 'n':
				cur.WriteRune('\n')
			case '\\':
				cur.WriteRune('\\')
			default:
				cur.WriteRune('\\')
				cur.WriteRune(rs[i])
			}
		case c == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteRune(c)
		}
	}
	return cells, nil
}

func (p *parser) docString(n int, raw string) error {
	st, err := p.lastStep(n)
	if err != nil {
		return err
	}
	if st.Doc != nil || st.Table != nil {
		return p.errf(n, "step already has an argument")
	}
	indent := len(raw) - len(strings.TrimLeft(raw, " \t"))
	fence := strings.TrimSpace(raw)[:3]
	var body []string
	for p.i < len(p.lines) {
		l := p.lines[p.i]
		p.i++
		if strings.TrimSpace(l) == fence {
			s := strings.Join(body, "\n")
			st.Doc = &s
			return nil
		}
		body = append(body, dedent(l, indent))
	}
	return p.errf(n, "docstring not closed")
}

// dedent removes up to indent leading blanks (tabs and spaces).
func dedent(l string, indent int) string {
	k := 0
	for k < indent && k < len(l) && (l[k] == ' ' || l[k] == '\t') {
		k++
	}
	return l[k:]
}
