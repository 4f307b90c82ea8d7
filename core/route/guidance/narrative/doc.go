// Package narrative phrases guidance maneuvers in Vietnamese and English:
// Google-style html_instructions (HTML), Valhalla-style plain and verbal
// instructions (Instruction, Verbal), and distance and duration texts with
// each language's units and number formats (Distance, Duration). Each
// language's words and sentences are one dictionary (vi.go, en.go).
package narrative
