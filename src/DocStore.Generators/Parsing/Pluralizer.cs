using System;

namespace DocStore.Generators.Parsing;

/// <summary>
/// English plurals for collection names. Only the last word of a PascalCase name changes
/// (<c>JobPerson</c> -> <c>JobPeople</c>); the rules are deliberately few and predictable, and
/// <c>[Collection("Name")]</c> overrides them.
/// </summary>
internal static class Pluralizer
{
    public static string Pluralize(string name)
    {
        if (name.Length == 0)
        {
            return name;
        }

        int lastWord = LastWordStart(name);
        string head = name.Substring(0, lastWord);
        string word = name.Substring(lastWord);

        if (string.Equals(word, "Person", StringComparison.Ordinal))
        {
            return head + "People";
        }

        if (string.Equals(word, "Child", StringComparison.Ordinal))
        {
            return head + "Children";
        }

        if (word.Length >= 2 && word[word.Length - 1] == 'y' && !IsVowel(word[word.Length - 2]))
        {
            return name.Substring(0, name.Length - 1) + "ies";
        }

        if (EndsWithSibilant(word))
        {
            return name + "es";
        }

        return name + "s";
    }

    private static int LastWordStart(string name)
    {
        for (int i = name.Length - 1; i > 0; i--)
        {
            if (char.IsUpper(name[i]) && !char.IsUpper(name[i - 1]))
            {
                return i;
            }
        }

        return 0;
    }

    private static bool IsVowel(char c) => "aeiouAEIOU".IndexOf(c) >= 0;

    private static bool EndsWithSibilant(string word) =>
        word.EndsWith("s", StringComparison.Ordinal) || word.EndsWith("x", StringComparison.Ordinal)
        || word.EndsWith("z", StringComparison.Ordinal) || word.EndsWith("ch", StringComparison.Ordinal)
        || word.EndsWith("sh", StringComparison.Ordinal);
}
