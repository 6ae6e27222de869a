using DocStore;

namespace InstallCheck;

/// <summary>Not partial: the analyzer must refuse it (DOCS001).</summary>
[Collection]
public class Broken
{
    [Key] public int Id { get; set; }
}
