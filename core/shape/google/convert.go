package google

import (
	"github.com/bando-vn/bando/core/shape"
)

// UnitComponent is the component of an official unit name ("" gives false).
func UnitComponent(name string, types ...string) (AddressComponent, bool) {
	if name == "" {
		return AddressComponent{}, false
	}
	return AddressComponent{LongName: name, ShortName: ShortUnitName(name), Types: append(types, "political")}, true
}

// ConvertCodes are the GSO codes of one side's units ("" where absent: district in the new structure).
type ConvertCodes struct {
	Ward     string `json:"ward"`
	District string `json:"district"`
	Province string `json:"province"`
}

// ConvertUnits is one side of a conversion (API.md §3.13).
type ConvertUnits struct {
	Ward     string       `json:"ward"`
	District string       `json:"district"`
	Province string       `json:"province"`
	Codes    ConvertCodes `json:"codes"`
}

// ConvertResult is one conversion candidate.
type ConvertResult struct {
	FormattedAddress  string             `json:"formatted_address"`
	AddressComponents []AddressComponent `json:"address_components"`
	From              ConvertUnits       `json:"from"`
	To                ConvertUnits       `json:"to"`
	Exact             bool               `json:"exact"`
}

// Converted is the /v1/address/convert answer: status OK, or ZERO_RESULTS with no results.
type Converted struct {
	Status  string          `json:"status"`
	Results []ConvertResult `json:"results"`
}

// AppendJSON writes the answer.
func (c Converted) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, c) }
