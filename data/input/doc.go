// Package input reads the files users give Tumble (scenes, meshes, reference trajectories) so
// that no file can cost unbounded time or memory, or be read as something it is not: only
// regular files, up to a size each reader documents (Open, Reader); numbers in plain decimal
// syntax (ParseNumber); UTF-8 text with any line ends and an optional byte-order mark
// (ReadText, SplitLines, NewXMLDecoder).
package input
