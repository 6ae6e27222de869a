namespace DocStore.Engine.Files;

/// <summary>The file a path names once symbolic links are followed to the end.</summary>
internal static class LinkTarget
{
    /// <summary>The full path of the file <paramref name="path"/> finally names (itself when it is no link).</summary>
    public static string Resolve(string path)
    {
        var full = Path.GetFullPath(path);
        try
        {
            return File.ResolveLinkTarget(full, returnFinalTarget: true)?.FullName ?? full;
        }
        catch (IOException)
        {
            // A loop of links: it names no file; whoever opens it is told so.
            return full;
        }
    }

    /// <summary>Whether both paths name the same file, through links.</summary>
    public static bool SameFile(string a, string b) =>
        string.Equals(Resolve(a), Resolve(b), OperatingSystem.IsWindows() ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal);
}
