namespace DocStore.Storage.Paging;

/// <summary>
/// One page of a commit: its new image, and the committed image it was copied from (null for a page the
/// transaction created from scratch). The WAL logs the difference between the two when that is small.
/// </summary>
internal readonly record struct CommitPage(uint PageNumber, byte[] Image, byte[]? Previous);
