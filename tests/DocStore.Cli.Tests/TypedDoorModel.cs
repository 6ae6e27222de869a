// This model stays in a file (the tool references DocStore.PostgreSQL for copy, which DOCS027 sees).
#pragma warning disable DOCS027

namespace DocStore.Cli.Tests;

/// <summary>One member of each kind a write door must convert to: the types recorded when <see cref="DoorDb"/> opens.</summary>
[Collection]
public partial class Sample
{
    [Key] public int Id { get; set; }

    public int I { get; set; }

    public long L { get; set; }

    public double D { get; set; }

    public decimal M { get; set; }

    public bool B { get; set; }

    public string S { get; set; } = "";

    public DateTime T { get; set; }

    public DateTimeOffset O { get; set; }

    public DateOnly Day { get; set; }

    public TimeOnly Clock { get; set; }

    public TimeSpan Span { get; set; }

    public Guid G { get; set; }

    public DocStore.ObjectId Oid { get; set; }

    public SampleInner Sub { get; set; } = new();

    public List<int> Nums { get; set; } = new();
}

/// <summary>The nested object of <see cref="Sample"/>.</summary>
public class SampleInner
{
    public int N { get; set; }
}

/// <summary>The typed context over <see cref="Sample"/>.</summary>
public partial class DoorDb : DocStoreContext { }
