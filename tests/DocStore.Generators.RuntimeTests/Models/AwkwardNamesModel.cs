using DocStore;

namespace DocStore.Generators.RuntimeTests.Models.Awkward;

// Members and types named like the generated code's parameters, locals and helpers (reader, writer, fields,
// ids, value, result, key, keys, document, options, element, ...), and like C# keywords: the generated code
// must still compile and mean the same. The collection type itself is named Reader, which is the name of
// its reader's parameter.

/// <summary>A collection whose members are named like the generated code's own names.</summary>
[Collection]
[Index(nameof(Writer), nameof(Key))]
[Index("Value.Writer")]
[Index("Ids[]")]
[Index("Items[].Reader")]
[Index(nameof(Options))]
[Index(nameof(Keys))]
[Index(nameof(Document))]
[Index(nameof(Element))]
[Index(nameof(Class))]
[Index("Array[]")]
public partial class Reader
{
    [Key] public int Id { get; set; }
    public string? Writer { get; set; }
    public string Key { get; init; } = "";
    public int Fields { get; set; }
    public List<string> Ids { get; set; } = new();
    public Value? Value { get; set; }
    public Pair? Pair { get; set; }
    public List<Value> Items { get; set; } = new();
    public int Result { get; set; }
    public int Keys { get; set; }
    public string Document { get; set; } = "";
    public int Options { get; set; }
    public string? Element { get; set; }
    public int Class { get; set; }
    public int Int { get; set; }
    public string Label { get; set; } = "";
    public int[] Array { get; set; } = [];
    public HashSet<string> Item { get; set; } = new();
    public Dictionary<string, string?> Dictionary { get; set; } = new();
    public int Model { get; set; }
    public int DocumentModel { get; set; }
    public string Name { get; private set; } = "";
#pragma warning disable CA1051 // A public field is one of the member kinds under test.
    public int Field;
#pragma warning restore CA1051

    public void Rename(string name) => Name = name;
}

/// <summary>A nested type whose members are named like the writer's and reader's parameters.</summary>
public class Value
{
    public string? Writer { get; set; }
    public int Reader { get; set; }
    public int Fields { get; set; }
    public int Ids { get; set; }
    public int Result { get; set; }
}

/// <summary>A positional record (its reader holds every member in a local) with members named like those locals.</summary>
public record Pair(int Reader, string Fields, int Ids, int Result)
{
    public int Extra { get; set; } = -1;
    public int HasExtra { get; set; } = -1;
}
