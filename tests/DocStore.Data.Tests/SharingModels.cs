using DocStore;

namespace DocStore.Data.Tests;

/// <summary>Declares its indexes in the reverse of the catalog's (name) order: Zone before Aisle.</summary>
[Collection("Shelves")]
public partial class Shelf
{
    [Key] public int Id { get; set; }

    [Index] public string Zone { get; set; } = "";

    [Index] public int Aisle { get; set; }
}

[ContextCollections(typeof(Shelf))]
public partial class StoreDb : DocStoreContext { }
