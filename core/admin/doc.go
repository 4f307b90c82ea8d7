// Package admin answers "which province, district and ward is this point in?" for both Vietnamese administrative structures (new: province + ward since 1 July 2025; old: province + district + ward) by reading only the admin/ grid tiles around the point (format v1, FORMAT.md).
package admin
