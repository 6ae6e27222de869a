using System.Linq;
using System.Text;
using DocStore.Generators.QueryChecks;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// A compiled filter's read of a member whose missing field reads as an initializer the generator cannot
/// write as a constant (or a string or nullable one, where a stored null reads as null): the document is
/// deserialized, only when the stored field is missing or null, and the member read from it as LINQ to
/// objects reads it, null-safely through nested objects as the run time does.
/// </summary>
internal static class DeserializedRead
{
    /// <summary>The member read from the deserialized document, or null when a getter on the path is not accessible to generated code.</summary>
    public static string? Of(DocumentPath path, string reader)
    {
        var members = path.Members.ToList();
        if (members.Count == 0 || members.Any(m => !m.GetterAccessible))
        {
            return null;
        }

        string owner = reader.Substring(0, reader.LastIndexOf('.'));
        var read = new StringBuilder($"{owner}.DocumentModel.Read(document, fields)");
        for (int i = 0; i < members.Count; i++)
        {
            read.Append(i > 0 && members[i - 1].Type.CanBeNull ? "?." : ".").Append(members[i].Name);
        }

        return read.ToString();
    }
}
