namespace DocStore.Query;

/// <summary>Where a walk stopped: the key of the last result when entries were left beyond its page, else null.</summary>
internal sealed class ScanProgress
{
    /// <summary>The last result's entry key when the walk stopped at its page size with entries left; null when it reached the end.</summary>
    public byte[]? ResumeAfter { get; set; }
}
