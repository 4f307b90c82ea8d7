package graph

// Class is the road class of an edge (OSM highway=* or a ferry route).
type Class uint8

// Road classes. The numeric values are part of the tile format (FORMAT.md §4).
const (
	ClassOther Class = iota
	ClassMotorway
	ClassMotorwayLink
	ClassTrunk
	ClassTrunkLink
	ClassPrimary
	ClassPrimaryLink
	ClassSecondary
	ClassSecondaryLink
	ClassTertiary
	ClassTertiaryLink
	ClassUnclassified
	ClassResidential
	ClassLivingStreet
	ClassService
	ClassTrack
	ClassPedestrian
	ClassFootway
	ClassPath
	ClassCycleway
	ClassSteps
	ClassFerry
	ClassRoad
	ClassBridleway
	ClassRiver // highway=river (the OSRM testbot's river: downstream forward)
	numClasses
)

var classNames = [...]string{"other", "motorway", "motorway_link", "trunk", "trunk_link", "primary",
	"primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link", "unclassified",
	"residential", "living_street", "service", "track", "pedestrian", "footway", "path", "cycleway",
	"steps", "ferry", "road", "bridleway", "river"}

// String is the OSM highway value of the class ("ferry" for ferries).
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "other"
}

// ClassOf maps an OSM highway value to its class; ok is false for values
// without a class of their own ("other" included: see RoutableHighway).
func ClassOf(highway string) (Class, bool) {
	switch highway {
	case "footway", "sidewalk", "crossing":
		return ClassFootway, true
	}
	for i, n := range classNames {
		if n == highway && Class(i) != ClassOther && Class(i) != ClassFerry {
			return Class(i), true
		}
	}
	return ClassOther, false
}

// notWays are highway values that do not describe a way one travels on:
// roads not built or gone, areas and points mapped on a way.
var notWays = map[string]bool{"construction": true, "proposed": true, "planned": true, "abandoned": true,
	"disused": true, "razed": true, "dismantled": true, "no": true, "platform": true, "bus_stop": true,
	"services": true, "rest_area": true, "elevator": true, "emergency_access_point": true,
	"street_lamp": true, "traffic_signals": true, "stop": true, "give_way": true, "speed_camera": true,
	"turning_circle": true, "turning_loop": true, "mini_roundabout": true, "motorway_junction": true,
	"milestone": true, "emergency_bay": true, "traffic_mirror": true, "passing_place": true}

// RoutableHighway maps a way's highway value to its class: a known class,
// or ClassOther for any other value that names a way (a profile with a
// default speed may use it, the built-in road profiles do not); ok is
// false for no value and for values that are not ways (notWays).
func RoutableHighway(highway string) (Class, bool) {
	if c, ok := ClassOf(highway); ok {
		return c, true
	}
	if highway == "" || notWays[highway] {
		return ClassOther, false
	}
	return ClassOther, true
}

// Mode is a travel mode whose OSM access tags the graph keeps.
type Mode uint8

// Modes in access order. The numeric values are part of the tile format.
const (
	ModeCar Mode = iota // motorcar (and taxi)
	ModeHGV             // heavy goods vehicles
	ModeMotorcycle
	ModeBicycle
	ModeFoot
	NumModes
)

// Access is what the OSM tags say about one mode on one edge.
type Access uint8

// Access values (2 bits per mode in Edge.Access).
const (
	AccessDefault Access = iota // no tag: the profile decides by class
	AccessYes
	AccessNo
	AccessDestination // allowed only to reach a destination on it
)

// Edge flags (Edge.Flags). Values are part of the tile format.
const (
	FlagOneway     uint16 = 1 << iota // oneway=yes|1|true (forward only)
	FlagOnewayRev                     // oneway=-1 (backward only)
	FlagRoundabout                    // junction=roundabout|circular (implies forward only)
	FlagMotoTwoWay                    // oneway:motorcycle=no
	FlagMotoOneway                    // oneway:motorcycle=yes
	FlagBikeTwoWay                    // oneway:bicycle=no or cycleway=opposite*
	FlagToll                          // toll=yes
	FlagFerry                         // route=ferry
	FlagAlley                         // service=alley or width < 3 m: too narrow for cars
	FlagTunnel                        // tunnel=yes
	FlagBridge                        // bridge=yes
	FlagMotorroad                     // motorroad=yes
)

// Node flags (Tile.NodeFlags).
const (
	NodeSignals     uint8 = 1 << iota // highway=traffic_signals
	NodeBarrier                       // barrier=* that blocks vehicles by default
	NodeBarrierOpen                   // barrier whose access tags let motor vehicles through
	NodeStop                          // highway=stop / give_way (kept for guidance)
)

// Edge is one undirected road segment between two junction nodes with the
// OSM attributes the costing reads. Forward runs from U to V.
type Edge struct {
	U, V      uint32 // global node ids
	LengthCM  uint32 // length along the geometry, centimetres
	Duration  uint32 // seconds for the whole edge (ferries, duration=*), 0 = none
	Name, Ref uint32 // indexes in the tile's string table (0 = "")
	Flags     uint16
	Access    uint16 // 2 bits per Mode: Access(a >> (2*m) & 3)
	MaxWeight uint16 // tonnes × 100, 0 = none
	MaxHeight uint16 // centimetres, 0 = none
	Class     Class
	MaxSpeed  uint8 // km/h forward (maxspeed:forward, else maxspeed), 0 = none
	MaxSpeedB uint8 // km/h backward (maxspeed:backward, else maxspeed), 0 = none
	Width     uint8 // decimetres, 0 = unknown
}

// SpeedLimit is the legal limit (km/h, 0 = none) in one direction.
func (e *Edge) SpeedLimit(forward bool) uint8 {
	if forward {
		return e.MaxSpeed
	}
	return e.MaxSpeedB
}

// AccessFor returns the OSM access of mode m on the edge.
func (e *Edge) AccessFor(m Mode) Access { return Access(e.Access >> (2 * m) & 3) }

// SetAccess sets the access of mode m.
func (e *Edge) SetAccess(m Mode, a Access) {
	e.Access = e.Access&^(3<<(2*m)) | uint16(a)<<(2*m)
}

// Has reports whether all the flags f are set.
func (e *Edge) Has(f uint16) bool { return e.Flags&f == f }

// Restriction is a turn restriction at a via node: arriving on edge From,
// the turn onto edge To is forbidden (Only=false) or the only one allowed
// (Only=true). Except lists modes the restriction does not apply to.
type Restriction struct {
	Via, From, To uint32
	Only          bool
	Except        uint8 // bit per Mode
}

// Arc is an arc of a contraction hierarchy, stored at its lower-ranked
// node n towards the higher-ranked node To. Via packs:
// bit 31 (ShortcutBit) the arc is a shortcut through the middle node
// Via&ViaMask; otherwise Via&ViaMask is edge<<1|d, d = 1 when going
// n→To traverses the edge backward (V→U);
// bit 30 (ArcOut) usable n→To, bit 29 (ArcIn) usable To→n (same weight).
// LengthCM is read from version 1–2 tiles only (no query uses it; v3 does
// not store it and reads 0).
type Arc struct {
	To, Weight, LengthCM, Via uint32
}

// Arc.Via bits.
const (
	ShortcutBit = 1 << 31
	ArcOut      = 1 << 30
	ArcIn       = 1 << 29
	ViaMask     = 1<<29 - 1
)

// IsShortcut reports whether the arc is a shortcut.
func (a Arc) IsShortcut() bool { return a.Via&ShortcutBit != 0 }

// Middle is a shortcut's middle node.
func (a Arc) Middle() uint32 { return a.Via & ViaMask }

// Out and In report the directions the arc may be used in.
func (a Arc) Out() bool { return a.Via&ArcOut != 0 }

// In reports whether the arc may be used To→n.
func (a Arc) In() bool { return a.Via&ArcIn != 0 }

// EdgeDir is a base arc's edge and traversal direction when used n→To
// (out) or To→n (!out).
func (a Arc) EdgeDir(out bool) (edge uint32, forward bool) {
	v := a.Via & ViaMask
	return v >> 1, (v&1 == 0) == out
}
