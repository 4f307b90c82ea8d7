module github.com/bando-vn/bando

go 1.26.8

require (
	github.com/paulmach/orb v0.14.0
	github.com/paulmach/osm v0.8.0
	github.com/tidwall/rtree v1.10.0
	github.com/twpayne/go-polyline v1.1.1
	github.com/uber/h3-go/v4 v4.1.0
	github.com/vmihailenco/msgpack/v5 v5.4.1
	golang.org/x/image v0.48.0
)

require (
	github.com/datadog/czlib v0.0.0-20160811164712-4bc9a24e37f2 // indirect
	github.com/gogo/protobuf v1.3.2 // indirect
	github.com/paulmach/protoscan v0.2.1 // indirect
	github.com/tidwall/geoindex v1.7.0 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	go.mongodb.org/mongo-driver/v2 v2.5.0 // indirect
	golang.org/x/text v0.44.0 // indirect
	google.golang.org/protobuf v1.27.1 // indirect
)
