namespace DocStore;

/// <summary>The outcome of an integrity check: every problem found, in the order found.</summary>
public sealed class IntegrityReport
{
    internal IntegrityReport(IReadOnlyList<string> problems, long pagesChecked, int treesChecked)
    {
        Problems = problems;
        PagesChecked = pagesChecked;
        TreesChecked = treesChecked;
    }

    /// <summary>True when no problem was found.</summary>
    public bool IsValid => Problems.Count == 0;

    /// <summary>Each problem, naming the page (and tree) involved.</summary>
    public IReadOnlyList<string> Problems { get; }

    /// <summary>Pages read and verified.</summary>
    public long PagesChecked { get; }

    /// <summary>Trees walked, the catalog included.</summary>
    public int TreesChecked { get; }

    /// <inheritdoc />
    public override string ToString() =>
        IsValid ? $"ok: {PagesChecked} pages, {TreesChecked} trees" : string.Join(Environment.NewLine, Problems);
}
