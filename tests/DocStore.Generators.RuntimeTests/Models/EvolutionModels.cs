using DocStore;

namespace DocStore.Generators.RuntimeTests.Models;

// Successive versions of one stored type. The tests write with one version and read with another
// through the same field table, as a collection does after the code changes.

/// <summary>Version 1.</summary>
[Collection("ContactsV1")]
public partial class ContactV1
{
    [Key] public int Id { get; set; }
    public string Name { get; set; } = "";
    public int Age { get; set; }
    public string Nickname { get; set; } = "";
    public int Score { get; set; }
    public Place Home { get; set; } = new();
}

/// <summary>Version 2: Nickname removed, Email added, Age renamed to Years, Score widened to long.</summary>
[Collection("ContactsV2")]
public partial class ContactV2
{
    [Key] public int Id { get; set; }
    public string Name { get; set; } = "";
    [Field("Age")] public int Years { get; set; }
    public string Email { get; set; } = "unknown@example.org";
    public long Score { get; set; }
    public PlaceV2 Home { get; set; } = new();
}

/// <summary>Version 3: Name became an int, which stored strings cannot fill.</summary>
[Collection("ContactsV3")]
public partial class ContactV3
{
    [Key] public int Id { get; set; }
    public int Name { get; set; }
}

/// <summary>Version 4: Score narrowed to byte.</summary>
[Collection("ContactsV4")]
public partial class ContactV4
{
    [Key] public int Id { get; set; }
    public byte Score { get; set; }
}

/// <summary>Version 5: Home.Zip became a string.</summary>
[Collection("ContactsV5")]
public partial class ContactV5
{
    [Key] public int Id { get; set; }
    public PlaceV4 Home { get; set; } = new();
}

/// <summary>A nested document, version 1.</summary>
public class Place
{
    public string City { get; set; } = "";
    public int Zip { get; set; }
}

/// <summary>A nested document, version 2: a new member with a default.</summary>
public class PlaceV2
{
    public string City { get; set; } = "";
    public int Zip { get; set; }
    public string Country { get; set; } = "UK";
}

/// <summary>A nested document, version 4: Zip became a string.</summary>
public class PlaceV4
{
    public string Zip { get; set; } = "";
}
