using DocStore;

namespace DocStore.Extensions.DependencyInjection.Tests;

[Collection]
public partial class Note
{
    [Key] public int Id { get; set; }
    public string Text { get; set; } = "";
}

public partial class NotesDb : DocStoreContext { }

/// <summary>A second context type, for two registrations in one host.</summary>
public partial class ArchiveDb : DocStoreContext { }
